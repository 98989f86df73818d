<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="64" tileheight="64" tilecount="22" columns="11">
 <image source="terrain.png" width="704" height="128"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="dirt"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="woods"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="flowerbed"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="crossing"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="building"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="roof_access"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="dock"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="puddle"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="stairs"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="ramp"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="column"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="ruin"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="ruin_floor"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="arrow"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" value="underpass"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" value="helipad"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
</tileset>
