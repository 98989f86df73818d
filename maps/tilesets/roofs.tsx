<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="roofs" tilewidth="64" tileheight="64" tilecount="12" columns="6">
 <image source="roofs.png" width="384" height="128"/>
 <tile id="0">
  <properties>
   <property name="height" type="int" value="1"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="height" type="int" value="2"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="height" type="int" value="3"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="height" type="int" value="4"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="height" type="int" value="5"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="height" type="int" value="6"/>
   <property name="standable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="height" type="int" value="1"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="height" type="int" value="2"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="height" type="int" value="3"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="height" type="int" value="4"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="height" type="int" value="5"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="height" type="int" value="6"/>
   <property name="standable" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
